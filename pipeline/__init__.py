"""The world pipeline: Natural Earth land and data/ in, world tables out. Each stage is a
function of its inputs."""
