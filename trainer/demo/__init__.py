"""Demo data for a first start (`trainer serve`): a demo teacher, a class of six and a few
weeks of history made by the real puzzles, games and store code. No Flask."""
