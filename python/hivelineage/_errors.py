"""The package's exceptions.

A usage error (a wrong argument) raises; a problem in the SQL is data: it is
listed on the statement (``Statement.errors``), and the other statements are
still analysed, as on the command line.
"""


class HivelineageError(Exception):
    """Base of every exception the package raises on purpose."""


class UsageError(HivelineageError, ValueError):
    """An argument has a wrong value (the command line's exit status 2).

    The message names the function and the argument.
    """


class CatalogError(UsageError):
    """A catalog could not be loaded: the message gives the catalog, line and column."""


class InputError(HivelineageError, FileNotFoundError):
    """A script, folder, log or store named by an argument does not exist or cannot be read."""
