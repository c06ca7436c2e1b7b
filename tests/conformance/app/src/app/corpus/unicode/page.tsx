// Non-ASCII text: CJK, emoji (astral plane), combining marks, U+2028/U+2029,
// control characters, and text that looks like markup.
export default function Page() {
  return (
    <div lang="und" title={'ünï \u2028 😀'}>
      <p>日本語テキスト</p>
      <p>{'😀 👩‍👩‍👧 🏳️‍🌈'}</p>
      <p>{'e\u0301 a\u0308 \u00e9'}</p>
      <p>{'line\u2028sep\u2029para'}</p>
      <p>{'tab\tnl\ncr\r'}</p>
      <p>{'nul:\u0000 del:\u007f bell:\u0007'}</p>
      <p>{'</script><script>alert(1)</script>'}</p>
      <p>{'<!-- not a comment -->'}</p>
      <p>{'\\ backslash "quotes" \'single\''}</p>
      <p>{'\ufeff bom \uffff'}</p>
      <p>𝒳 {'\ud835\udcb3'} 한국어 العربية</p>
    </div>
  );
}
