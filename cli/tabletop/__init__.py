"""`privateer tabletop`: the tabletop card game on the command line."""
