"""The teacher's dashboard (issue 7, docs/dashboard.md): class overview, pupil progress, game
replays, exports and printable reports (templates dashboard/). Its own SQL is in queries/;
blueprint.py makes the one blueprint, its views
modules add routes to it, and views.py gathers them."""
