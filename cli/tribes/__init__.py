"""`privateer tribes`: Tribes (its design document) on the command line."""
