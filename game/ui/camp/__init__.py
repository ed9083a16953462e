"""The campaign: the list of bands, the camp screen and its panels, and the mission debrief."""
