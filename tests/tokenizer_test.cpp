// The Hub line scanner (HUB.md, "Syntax"): `command name=value
// name="quoted value" flag`, blanks around '=' accepted, no escapes, and an
// InputError for every line it cannot read.

#include "tokenizer.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "input_error.hpp"

using namespace yaad;

namespace {

// The arguments as "name" for a flag and "name=[value]" otherwise; the
// brackets show an empty value apart from a flag.
std::vector<std::string> shape(const CommandLine& c) {
    std::vector<std::string> out;
    for (const CommandArgument& a : c.arguments) out.push_back(a.value ? a.name + "=[" + *a.value + "]" : a.name);
    return out;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("tokenizer: a bare command and flags") {
    const CommandLine c = tokenize_command("go think");
    CHECK(c.command == "go");
    CHECK(shape(c) == Strings{"think"});
    CHECK(c.has_flag("think"));
    CHECK_FALSE(c.has_flag("ponder"));
    // A flag has no value: value() must not confuse it with name="".
    CHECK_FALSE(c.value("think").has_value());

    const CommandLine lone = tokenize_command("init");
    CHECK(lone.command == "init");
    CHECK(lone.arguments.empty());
}

TEST_CASE("tokenizer: name=value pairs, flags between them, order kept") {
    const CommandLine c = tokenize_command("level moves=40 time=90.5 inc=1 infinite");
    CHECK(c.command == "level");
    CHECK(shape(c) == Strings{"moves=[40]", "time=[90.5]", "inc=[1]", "infinite"});
    CHECK(c.value("time") == std::optional<std::string>("90.5"));
    CHECK(c.has_flag("moves"));  // any argument of that name counts
    CHECK_FALSE(c.value("depth").has_value());
}

TEST_CASE("tokenizer: quoted values keep blanks and '='") {
    const CommandLine c = tokenize_command(R"(pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="11-15 22-18 15x22x18")");
    CHECK(c.command == "pos");
    CHECK(c.value("moves") == std::optional<std::string>("11-15 22-18 15x22x18"));

    const CommandLine eq = tokenize_command(R"(error message="a=b  c")");
    CHECK(eq.value("message") == std::optional<std::string>("a=b  c"));

    // No escape: a backslash is an ordinary character.
    const CommandLine bs = tokenize_command(R"(x v="a\b")");
    CHECK(bs.value("v") == std::optional<std::string>(R"(a\b)"));
}

TEST_CASE("tokenizer: an empty quoted value is a value, not a flag") {
    const CommandLine c = tokenize_command(R"(info pv="" depth=1)");
    REQUIRE(c.find("pv") != nullptr);
    CHECK(c.value("pv") == std::optional<std::string>(""));
    CHECK(shape(c) == Strings{"pv=[]", "depth=[1]"});
}

TEST_CASE("tokenizer: blanks around '=' and any run of blanks or tabs") {
    CHECK(shape(tokenize_command("set-param name = hash value= 16")) == Strings{"name=[hash]", "value=[16]"});
    CHECK(shape(tokenize_command("set-param name =hash")) == Strings{"name=[hash]"});
    CHECK(shape(tokenize_command("pos moves = \"a b\"")) == Strings{"moves=[a b]"});
    const CommandLine t = tokenize_command("\t level \t depth=3\t\tinfinite  \r");
    CHECK(t.command == "level");
    CHECK(shape(t) == Strings{"depth=[3]", "infinite"});
}

TEST_CASE("tokenizer: find returns the first of repeated names") {
    const CommandLine c = tokenize_command("level depth=3 depth=5");
    REQUIRE(c.find("depth") != nullptr);
    CHECK(*c.find("depth")->value == "3");
    CHECK(c.arguments.size() == 2);
}

TEST_CASE("tokenizer: blank lines give an empty command") {
    CHECK(tokenize_command("").command.empty());
    CHECK(tokenize_command("   \t  ").command.empty());
    CHECK(tokenize_command("\r").command.empty());
    CHECK(tokenize_command("").arguments.empty());
}

TEST_CASE("tokenizer: errors") {
    // Unterminated quotes, wherever they are.
    CHECK_THROWS_AS(tokenize_command(R"(pos moves="11-15 22-18)"), InputError);
    CHECK_THROWS_AS(tokenize_command(R"(pos moves=")"), InputError);
    // A stray '=' or quote in place of a name or command.
    CHECK_THROWS_AS(tokenize_command("=depth"), InputError);
    CHECK_THROWS_AS(tokenize_command("level =3"), InputError);
    CHECK_THROWS_AS(tokenize_command("level = depth"), InputError);
    CHECK_THROWS_AS(tokenize_command(R"("go")"), InputError);
    CHECK_THROWS_AS(tokenize_command(R"(level "depth")"), InputError);
    // '=' with no value after it.
    CHECK_THROWS_AS(tokenize_command("level depth="), InputError);
    CHECK_THROWS_AS(tokenize_command("level depth=   "), InputError);
    // A second '=' or a quote glued to a value.
    CHECK_THROWS_AS(tokenize_command("level depth=3=4"), InputError);
    CHECK_THROWS_AS(tokenize_command(R"(level depth=3")"), InputError);
    CHECK_THROWS_AS(tokenize_command(R"(pos moves="a b"c)"), InputError);
    CHECK_THROWS_AS(tokenize_command("level depth==3"), InputError);
}

TEST_CASE("tokenizer: error messages are one printable line") {
    // The Hub front end sends the message back in error message="...".
    const std::string bad = std::string("pos moves=\"") + '\x01' + std::string(500, 'x');
    try {
        tokenize_command(bad);
        FAIL("no error");
    } catch (const InputError& e) {
        const std::string m = e.what();
        CHECK(m.size() < 300);
        for (char ch : m) CHECK(static_cast<unsigned char>(ch) >= 32);
    }
}

TEST_CASE("quote_value quotes only what needs it") {
    CHECK(quote_value("64") == "64");
    CHECK(quote_value("0.1.0") == "0.1.0");
    CHECK(quote_value("") == "\"\"");
    CHECK(quote_value("a b c") == "\"a b c\"");
    CHECK(quote_value("a=b") == "\"a=b\"");
    CHECK(quote_value("a\tb") == "\"a\tb\"");
}

TEST_CASE("quote_value output reads back as the same value") {
    for (const std::string v : {"", "x", "jamaican pool english", "k=v", "32-28 19x28"}) {
        const CommandLine c = tokenize_command("param value=" + quote_value(v));
        CHECK(c.value("value") == std::optional<std::string>(v));
    }
}
