"""Bad input a person must fix, said twice: an English message for the command line and the
logs (FORMATS.md), and a code with its parameters so that a page can say the same in the
reader's language without picking the English sentence apart."""

from __future__ import annotations


class CodedError(ValueError):
    """`str(err)` is the English message; `code` names the problem, `params` fill it in."""

    def __init__(self, message: str, code: str = "invalid", **params: object):
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params
