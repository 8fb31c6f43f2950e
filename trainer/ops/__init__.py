"""Running a school's installation: backups, retention. Plain sqlite3, no Flask."""
