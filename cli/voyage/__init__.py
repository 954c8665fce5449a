"""`privateer play` and `privateer voyage`: the voyage on the command line (its screen,
input, session, batches)."""
