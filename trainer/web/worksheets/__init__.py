"""Worksheets and the teacher's puzzle sets (issue 20, docs/worksheets.md): a class's worksheet
form and the printable sheet with its answer key (sheet_views, templates worksheets/), the
tap-to-build editor and the sets it fills (set_views, templates sets/)."""
