// libFuzzer target: `check schedule --sla TABLE=HH:MM` (checks/critical_path.h).
// Differential: an SLA read and written back as TABLE=HH:MM reads as the
// same SLA; the clock is within the day.
#include "checks/critical_path.h"
#include "fuzz_support.h"

using namespace hivelineage;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  const std::string_view text = fuzz::AsText(data, size);
  checks::Sla sla, back;
  std::string error, error2;
  if (!checks::ParseSla(text, sla, error)) {
    fuzz::Require(!error.empty(), "an SLA refused without a reason");
    return 0;
  }
  fuzz::Require(!sla.table.empty(), "an SLA without a table");
  fuzz::Require(sla.seconds >= 0 && sla.seconds < 24 * 3600, "an SLA clock outside the day");
  fuzz::Require(checks::ParseSla(sla.table + "=" + sla.text, back, error2), "an SLA written back is refused");
  fuzz::Require(back.table == sla.table && back.seconds == sla.seconds && back.text == sla.text,
                "an SLA written back reads otherwise");
  return 0;
}
