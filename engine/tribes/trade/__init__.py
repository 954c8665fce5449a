"""Tribes' trade (phase 12): the peddler, matching, and the trade orders."""
