"""Tribes' built-in policies (militarist, trader, builder, grower) and the scripted ones, and
what they read of a view."""
