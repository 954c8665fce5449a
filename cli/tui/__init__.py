"""The full-screen terminal game (Textual): the voyage as a roguelike screen, with the chart,
the ship, what is in sight and the log in view, acting on keys or a command line. It drives the
same session and runs the same commands as the line mode (cli/voyage/screen.py), so a run
started on one front end goes on in any other."""
