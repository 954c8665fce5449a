"""`privateer tune`: a search over the rules' dials for settings that land figures in their
intervals."""
