#include "driver/read_before_write.h"

#include <algorithm>

#include "base/strings.h"

namespace hivelineage::driver {

void ReadBeforeWrite::Statement(size_t script, const std::string& file, LineCol at, std::string_view line,
                                const std::vector<std::string>& reads, const std::vector<std::string>& writes) {
  for (const std::string& t : reads) {
    if (written_.contains(t)) continue;
    std::vector<Pending>& p = pending_[t];
    if (p.empty() || p.back().script != script) {
      // Enough of the line to point at; a statement's first line can be huge.
      constexpr size_t kMaxLine = 240;
      p.push_back(Pending{script, file, at, std::string(line.substr(0, kMaxLine))});
    }
  }
  for (const std::string& t : writes) {
    written_.insert(t);
    auto it = pending_.find(t);
    if (it == pending_.end()) continue;
    for (Pending& p : it->second)
      if (p.script != script) found_.push_back(EarlyRead{t, std::move(p.file), p.at, std::move(p.line), file, at});
    pending_.erase(it);
  }
}

std::vector<EarlyRead> ReadBeforeWrite::Take() {
  std::vector<EarlyRead> out = std::move(found_);
  found_.clear();
  return out;
}

std::string RenderEarlyRead(const EarlyRead& e, std::string_view what_later) {
  std::string out =
      Cat(e.reader_file, ":", e.reader_at.line, ":", e.reader_at.column, ": warning: reads ", e.table, ", which ",
          what_later, " writes (", e.writer_file, ":", e.writer_at.line, "); it runs before the table is filled\n");
  Append(out, e.reader_line, "\n");
  // The caret under the statement's first character; tabs kept so it lines up.
  for (int i = 1; i < e.reader_at.column && static_cast<size_t>(i - 1) < e.reader_line.size(); ++i)
    out += e.reader_line[static_cast<size_t>(i - 1)] == '\t' ? '\t' : ' ';
  out += "^\n";
  return out;
}

}  // namespace hivelineage::driver
