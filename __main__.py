"""`python -m privateer` runs the command line."""

from privateer.cli.app import main

main()
