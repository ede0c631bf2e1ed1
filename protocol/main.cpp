#include "cli.hpp"

int main(int argc, char** argv) { return yaad::cli::run(argc, argv); }
