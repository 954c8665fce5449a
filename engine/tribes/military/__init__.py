"""Tribes' part 2 at war (phase 10 and 11): musters and warbands, battles, raids, sieges,
supply, camps and the threats that spawn them."""
