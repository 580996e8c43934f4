from . import compiler  # noqa: F401
