"""`privateer tribes`: seed 002's Tribes on the command line."""
