"""The administrator's OneRoster import (issue 25 item 4), at /school/rosters."""
