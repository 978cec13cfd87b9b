#include "cli/openlineage_post.h"

#include <curl/curl.h>

#include <chrono>
#include <thread>

#include "base/strings.h"
#include "nlohmann/json.hpp"

namespace hivelineage::cli {
namespace {

size_t Collect(char* data, size_t size, size_t n, void* user) {
  std::string* body = static_cast<std::string*>(user);
  if (body->size() < 4096) body->append(data, std::min(size * n, 4096 - body->size()));
  return size * n;
}

// What a failed attempt was, for the message.
struct Attempt {
  bool done = false;   // posted, or failed for good
  bool ok = false;
  std::string error;
};

Attempt PostOnce(CURL* curl, const std::string& event, const PostOptions& options) {
  std::string body;
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, event.data());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(event.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  char curl_error[CURL_ERROR_SIZE] = {0};
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_error);
  const CURLcode rc = curl_easy_perform(curl);
  Attempt a;
  if (rc != CURLE_OK) {
    a.error = curl_error[0] != 0 ? curl_error : curl_easy_strerror(rc);
    return a;  // unreachable, timed out, reset: worth another try
  }
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  if (status >= 200 && status < 300) {
    a.done = a.ok = true;
    return a;
  }
  while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.pop_back();
  a.error = Cat("HTTP ", static_cast<int64_t>(status), body.empty() ? "" : ": ", body);
  a.done = status != 429 && status < 500;  // the server refused this event; it will again
  return a;
}

// "job NAME" for the message, from the event.
std::string Describe(const std::string& event) {
  const nlohmann::json j = nlohmann::json::parse(event, nullptr, false);
  if (j.is_object() && j.contains("job") && j["job"].is_object() && j["job"].contains("name") &&
      j["job"]["name"].is_string())
    return Cat("job ", j["job"]["name"].get<std::string>());
  return "an event";
}

}  // namespace

PostSummary PostEvents(const std::string& events, const PostOptions& options, const char* who, std::FILE* err) {
  PostSummary summary;
  static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  CURL* curl = initialised ? curl_easy_init() : nullptr;
  curl_slist* headers = nullptr;
  headers = curl_slist_append(headers, "Content-Type: application/json");
  headers = curl_slist_append(headers, "Expect:");  // no 100-continue wait: servers rarely answer it
  if (!options.api_key.empty())
    headers = curl_slist_append(headers, Cat("Authorization: Bearer ", options.api_key).c_str());
  if (curl != nullptr) {
    curl_easy_setopt(curl, CURLOPT_URL, options.url.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, Collect);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, options.timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "hivelineage/" HIVELINEAGE_VERSION);
  }
  size_t index = 0;
  for (size_t pos = 0; pos < events.size();) {
    size_t end = events.find('\n', pos);
    if (end == std::string::npos) end = events.size();
    const std::string event = events.substr(pos, end - pos);
    pos = end + 1;
    if (event.empty()) continue;
    ++index;
    Attempt a;
    if (curl == nullptr) a = Attempt{true, false, "libcurl could not be initialised"};
    double wait = options.backoff_seconds;
    for (int attempt = 0; !a.done && attempt <= options.retries; ++attempt) {
      if (attempt > 0) {
        ++summary.retried;
        std::this_thread::sleep_for(std::chrono::duration<double>(wait));
        wait *= 2;
      }
      a = PostOnce(curl, event, options);
    }
    if (a.ok) {
      ++summary.posted;
      continue;
    }
    ++summary.failed;
    std::fprintf(err, "%s: event %zu (%s) not posted to %s: %s%s\n", who, index, Describe(event).c_str(),
                 options.url.c_str(), a.error.c_str(),
                 a.done ? "" : Cat(" (gave up after ", options.retries + 1, " attempts)").c_str());
  }
  curl_slist_free_all(headers);
  if (curl != nullptr) curl_easy_cleanup(curl);
  return summary;
}

}  // namespace hivelineage::cli
