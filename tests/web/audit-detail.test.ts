/** The Audit tab's detail column in words (web/pages/admin/audit-detail.ts). */
import { describe, expect, test } from "bun:test";
import { describeAuditDetail } from "../../web/pages/admin/audit-detail";

describe("describeAuditDetail", () => {
  test("a plan's price change reads as what changed, in dollars, never [object Object]", () => {
    const detail = JSON.stringify({
      before: { price: 699, compareAt: 999, badge: "30% OFF!", visible: true },
      after: { price: 799, compareAt: 999, badge: null, visible: true },
    });
    const text = describeAuditDetail("plan.update", detail);
    expect(text).toBe('Price: $6.99 → $7.99; Badge: "30% OFF!" → none');
    expect(text).not.toContain("[object Object]");
  });

  test("other details read as name: value pairs, and a sentence as it is", () => {
    expect(describeAuditDetail("link.linked", JSON.stringify({ robloxUserId: "42" }))).toBe("robloxUserId: 42");
    expect(describeAuditDetail("link.linked", "Reset by support")).toBe("Reset by support");
    expect(describeAuditDetail("link.linked", null)).toBe("");
  });
});
