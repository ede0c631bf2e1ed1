"""Argument types shared by the command lines of scripts/match and scripts/soak."""

import argparse


def positive_int(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"needs a whole number of 1 or more, not {text}")
    return value


def non_negative_int(text):
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"needs a whole number of 0 or more, not {text}")
    return value


def seconds(text):
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"needs a number of seconds above 0, not {text}")
    return value


def parsed_by(parse):
    """An argparse type from a parser that raises ValueError with a message."""
    def convert(text):
        try:
            return parse(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    convert.__name__ = parse.__qualname__
    return convert
