// The table pages' two helpers: "Copy as text" (the clipboard API, or a selected text box where it is missing,
// e.g. a plain-http page on a phone) and a light poll that refreshes the #live part when another phone changes the
// table (forms being filled in are left alone).
(function () {
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
      const fresh = doc.getElementById("live");
      const here = document.getElementById("live");
      if (here && here.contains(document.activeElement) && document.activeElement.matches("input, textarea, select")) {
        return;     // someone is typing in it: refresh at a later tick
      }
      if (fresh && here) {
        here.innerHTML = fresh.innerHTML;
        version = doc.body.dataset.version || now;
        document.body.dataset.version = version;
      } else {
        document.getElementById("changed").hidden = false;
      }
    } catch (e) { /* the server is away for a moment: try again at the next tick */ }
  }
  setInterval(poll, 3000);
})();
