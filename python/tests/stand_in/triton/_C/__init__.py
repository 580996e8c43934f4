from . import libtriton  # noqa: F401
