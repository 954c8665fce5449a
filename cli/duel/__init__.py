"""`privateer duel`: the hex duel on the command line."""
