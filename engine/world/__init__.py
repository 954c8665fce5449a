"""The living world of seed 000: the sea graph as immutable arrays (World), the routes a ship
that knows the sea would take, and the world's own state as it moves a day at a time."""
