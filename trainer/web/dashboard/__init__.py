"""The teacher's dashboard (issue 7, docs/dashboard.md): class overview, pupil progress, game
replays, exports and printable reports (templates dashboard/). Its own SQL is in queries/;
the blueprint and its views are registered from blueprint.py."""
