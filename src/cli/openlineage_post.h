// Sends OpenLineage events to a server's HTTP API (Marquez, or any
// implementation of POST /api/v1/lineage) with libcurl: one POST per event,
// retried with exponential backoff when the server is unreachable or answers
// 429 or 5xx; any other answer is final. Every event that fails gets one
// line on `err` saying which and why.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

namespace hivelineage::cli {

struct PostOptions {
  std::string url;      // e.g. http://localhost:5000/api/v1/lineage
  std::string api_key;  // sent as "Authorization: Bearer KEY" when set
  int retries = 3;      // further attempts after the first
  double backoff_seconds = 0.5;  // wait before the first retry; doubled each time
  long timeout_seconds = 30;     // per attempt
};

struct PostSummary {
  size_t posted = 0;
  size_t failed = 0;
  size_t retried = 0;  // attempts after a first failure, in all
};

// Posts each line of `events` (JSON Lines). `who` prefixes the error lines.
PostSummary PostEvents(const std::string& events, const PostOptions& options, const char* who, std::FILE* err);

}  // namespace hivelineage::cli
