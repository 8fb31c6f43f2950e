"""TWEAK Trainer: a mental-arithmetic trainer built on the card game TWEAK."""


def create_app(test_config=None):
    """The web application (see trainer.web). Imported lazily so the engine and the CLI
    do not pay for Flask when they do not serve pages."""
    from trainer.web import create_app as _create_app

    return _create_app(test_config)
