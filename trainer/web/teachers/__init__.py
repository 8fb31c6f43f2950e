"""Teachers' accounts: register, log in and out, change password (auth, templates auth/)."""
