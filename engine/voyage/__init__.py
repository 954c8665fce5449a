"""The voyage (seed 000): your ship on the living world. Ports and raids, meetings and fights,
events at sea and the ones that ask you, the deck you build, and the captain bot."""
