"""The extension's functions named after the module that exports them."""

import types
from typing import Any, Dict


def claim(namespace: Dict[str, Any]) -> None:
    """Gives each extension function among `namespace`'s ``__all__`` the module's name as
    its ``__module__`` (it had the extension submodule's, ``kif`` for ``masu.kif.read``), so
    that pickle finds it by name: process pools send functions so."""
    for name in namespace["__all__"]:
        value = namespace.get(name)
        if isinstance(value, types.BuiltinFunctionType):
            value.__module__ = namespace["__name__"]
