"""Compiled templates shared by every app of the process.

Jinja compiles each template once per environment, and Flask makes one environment per app: a
process serving many schools (trainer.web.schools) has an app per school, and the test suite
makes about 1,500. They all compile the same templates with the same settings, so the compiled
code is kept once per process. Jinja checks the source's checksum before using it, so an
edited template is compiled again."""

from __future__ import annotations

from jinja2 import BytecodeCache


class SharedTemplateCode(BytecodeCache):
    def __init__(self):
        self._code = {}

    @staticmethod
    def _settings(environment) -> tuple:
        """What changes the code Jinja writes for a template; the same for every app made by
        create_app, but an app configured otherwise must not get another's code."""
        return (
            tuple(sorted(environment.extensions)),
            getattr(environment, "newstyle_gettext", None),
            environment.optimized,
            environment.trim_blocks,
            environment.lstrip_blocks,
            environment.keep_trailing_newline,
            environment.block_start_string,
            environment.variable_start_string,
            environment.comment_start_string,
            environment.line_statement_prefix,
            environment.line_comment_prefix,
        )

    def load_bytecode(self, bucket) -> None:
        found = self._code.get(bucket.key)
        if found is not None and found[:2] == (bucket.checksum, self._settings(bucket.environment)):
            bucket.code = found[2]

    def dump_bytecode(self, bucket) -> None:
        self._code[bucket.key] = (bucket.checksum, self._settings(bucket.environment), bucket.code)


_SHARED = SharedTemplateCode()


def init_app(app) -> None:
    app.jinja_env.bytecode_cache = _SHARED
