"""Games against bots (issue 6): the pupil's games (pupil_views, templates games/) and a
teacher's limits for a class's games (teacher_views, templates games/limits), with the board,
forms, tapped-card pick and the words a game says."""
