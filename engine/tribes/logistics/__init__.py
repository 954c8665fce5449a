"""Tribes' goods on the road (phase 7): wagons, caravans, hauls and the greedy step they share."""
