// The json and jsonl formats: one statement object per statement.
#pragma once

#include <string>

#include "output/buffered_json.h"
#include "output/writer.h"

namespace hivelineage::output {

// Writes one statement object (the fields docs/output-format.md lists).
void WriteStatement(BufferedJson& json, const FileOutput& file, const StatementOutput& st);

std::unique_ptr<Writer> MakeJsonWriter();
std::unique_ptr<Writer> MakeJsonlWriter();

}  // namespace hivelineage::output
