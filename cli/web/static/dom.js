// What the pages' scripts read and build their page with: an element by its id, and a new
// element with its attributes and its words. Loaded before each page's own script.
"use strict";
window.dom = {
  $: (id) => document.getElementById(id),
  el: (tag, attrs, text) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  },
};
