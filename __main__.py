"""`python -m privateer` runs the command line."""

from privateer.cli.entry import main

main()
