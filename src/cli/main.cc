// hivelineage: the command line; the commands are in cli/commands.cc's table,
// each in its own file of src/cli/.
#include <cstdio>

#include "cli/commands.h"

int main(int argc, char** argv) { return hivelineage::cli::Main(argc, argv, stdout, stderr); }
