// The table pages' three helpers: a form's token kept out of GET addresses, "Copy as text" (the clipboard API, or
// a selected text box where it is missing, e.g. a plain-http page on a phone) and a light poll that refreshes the
// page's live parts when another phone changes the table: every [data-live] region is replaced from a fresh copy of
// the page (forms being filled in are left alone).
(function () {
  // a form that both asks (GET) and changes (a POST button) carries the page's token for the POST only: never in
  // the address of a GET
  document.addEventListener("submit", function (ev) {
    const token = ev.target.querySelector("input[name=csrf_token]");
    if (!token) return;
    const method = (ev.submitter && ev.submitter.getAttribute("formmethod")) || ev.target.getAttribute("method");
    token.disabled = (method || "get").toLowerCase() !== "post";
  });

  document.addEventListener("click", function (ev) {
    const button = ev.target.closest("button.copy");
    if (!button) return;
    const box = button.closest(".copybox");
    const text = document.getElementById(button.dataset.copy).textContent;
    const done = function () { box.querySelector(".copied").hidden = false; };
    const fallback = function () {
      const area = box.querySelector(".fallback");
      area.hidden = false;
      area.value = text;
      area.focus();
      area.select();
      let copied = false;
      try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
      box.querySelector(".copied").textContent = copied ? "Copied." : "Selected: copy it from the box.";
      done();
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, fallback);
    } else {
      fallback();
    }
  });

  const code = document.body.dataset.code;
  if (!code) return;
  let version = document.body.dataset.version;
  async function poll() {
    if (document.hidden) return;
    try {
      const reply = await fetch("/t/" + code + "/version", {cache: "no-store"});
      const now = String((await reply.json()).version);
      if (now === version) return;
      const page = await fetch(location.href, {cache: "no-store"});
      const doc = new DOMParser().parseFromString(await page.text(), "text/html");
      const regions = Array.from(document.querySelectorAll("[data-live]"));
      const typing = document.activeElement && document.activeElement.matches("input, textarea, select");
      if (typing && regions.some(function (r) { return r.contains(document.activeElement); })) {
        return;     // someone is typing in it: refresh at a later tick
      }
      let all = regions.length > 0;
      regions.forEach(function (here) {
        const fresh = doc.getElementById(here.id);
        if (fresh) { here.innerHTML = fresh.innerHTML; } else { all = false; }
      });
      if (all) {
        version = doc.body.dataset.version || now;
        document.body.dataset.version = version;
      } else {
        document.getElementById("changed").hidden = false;
      }
    } catch (e) { /* the server is away for a moment: try again at the next tick */ }
  }
  setInterval(poll, 3000);
})();
