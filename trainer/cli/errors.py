class UsageError(Exception):
    """Bad input from the command line or a file: reported as one line, exit status 2."""
