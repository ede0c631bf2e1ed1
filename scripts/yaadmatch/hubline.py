"""Hub protocol lines (see HUB.md): `command name=value name="quoted value" flag`.

Tokens split on whitespace; a bare value has no whitespace, `=` or `"`;
quotes allow spaces and `=`; there is no escape. Blanks around `=` are
accepted on input.
"""

from dataclasses import dataclass, field


class HubSyntaxError(ValueError):
    """A line that does not follow the Hub syntax (e.g. an unterminated quote)."""


@dataclass
class HubLine:
    command: str
    values: dict = field(default_factory=dict)
    flags: set = field(default_factory=set)

    def get(self, name, default=None):
        return self.values.get(name, default)


def parse(line):
    """Splits one Hub line into its command, its name=value pairs and its flags."""
    text = line.strip()
    pos = 0
    end = len(text)

    def skip_blanks(i):
        while i < end and text[i].isspace():
            i += 1
        return i

    def read_word(i):
        start = i
        while i < end and not text[i].isspace() and text[i] not in '="':
            i += 1
        return text[start:i], i

    command, pos = read_word(skip_blanks(pos))
    if pos < end and not text[pos].isspace():
        raise HubSyntaxError(f"unexpected {text[pos]!r} in the command word")
    result = HubLine(command)
    while True:
        pos = skip_blanks(pos)
        if pos >= end:
            return result
        name, pos = read_word(pos)
        if not name:
            raise HubSyntaxError(f"unexpected {text[pos]!r} at column {pos + 1}")
        after_name = skip_blanks(pos)
        if after_name >= end or text[after_name] != '=':
            result.flags.add(name)
            continue
        pos = skip_blanks(after_name + 1)
        if pos < end and text[pos] == '"':
            closing = text.find('"', pos + 1)
            if closing < 0:
                raise HubSyntaxError(f"unterminated quote after {name}=")
            result.values[name] = text[pos + 1:closing]
            pos = closing + 1
        else:
            value, pos = read_word(pos)
            if pos < end and text[pos] in '="':
                raise HubSyntaxError(f"unexpected {text[pos]!r} in the value of {name}")
            result.values[name] = value


def format_value(value):
    """A value as Hub writes it: bare when it can be, quoted otherwise."""
    text = str(value)
    if '"' in text:
        raise ValueError(f"a Hub value cannot hold a double quote: {text!r}")
    if text and not any(c.isspace() or c == '=' for c in text):
        return text
    return f'"{text}"'


def format_line(command, pairs=(), flags=()):
    """Builds `command name=value ... flag ...` from (name, value) pairs and flags."""
    parts = [command]
    parts += [f"{name}={format_value(value)}" for name, value in pairs]
    parts += list(flags)
    return " ".join(parts)
