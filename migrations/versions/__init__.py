"""The revisions, oldest first by their numbered file names."""
