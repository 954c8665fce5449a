"""The card fight of seed 000 ("the loop"): cards, every ship's deck, the outfit that makes
yours, the encounter's rules, the card bots, settling up, and a fight as a record."""
