"""TWEAK Trainer: a mental-arithmetic trainer built on the card game TWEAK."""


def create_app(test_config=None, school=None):
    """The web application (see trainer.web). Imported lazily so the engine and the CLI
    do not pay for Flask when they do not serve pages."""
    from trainer.web import create_app as _create_app

    return _create_app(test_config, school)


def create_schools_app(folder, select_by="host", domain=None, test_config=None, trust_proxy=None):
    """A WSGI app serving every school of `folder`, one Flask app per school made at its first
    request (trainer.web.schools)."""
    from trainer.web.schools import SchoolsDispatcher

    return SchoolsDispatcher(
        folder, select_by=select_by, domain=domain, test_config=test_config, trust_proxy=trust_proxy
    )
