"""A pupil's game against bots: settings, the game service, move analysis. Pure: no Flask or SQL."""
