"""Which stored games are family tables (issue 47.4), in SQL, for every query that must tell.

A family table (issue 37.4) is stored as a game whose settings name its seats. It is the child's
game, but no measure of the child against bots: family members may steer every play, so it
feeds no badge, level or bot-game summary, and the teacher sees it apart."""

from __future__ import annotations

# On a row of `games` named g. A damaged row (settings not JSON) is no family table, and must not
# make json_extract fail the whole query.
FAMILY_SQL = "(CASE WHEN json_valid(g.settings) THEN json_extract(g.settings, '$.seats') IS NOT NULL ELSE 0 END)"
