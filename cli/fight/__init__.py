"""`privateer fight` and `privateer sim`: the card fight on the command line."""
