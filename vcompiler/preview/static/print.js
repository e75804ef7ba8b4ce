// Inside a printed part: a reference clicked is followed by the preview around it
// (the part's own page holds only the entry, so the link has nowhere to go in it).
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[href^='#']");
  if (!link) return;
  event.preventDefault();
  parent.postMessage({ vcompiler: "follow", anchor: link.getAttribute("href").slice(1) }, location.origin);
});
