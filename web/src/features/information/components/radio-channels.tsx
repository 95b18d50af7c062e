/** The VHF channels every skipper on the reservoir should know; shown on both advice pages. */
export function RadioChannels() {
  return (
    <table className="info-table">
      <caption>VHF radio channels</caption>
      <thead>
        <tr>
          <th scope="col">Channel</th>
          <th scope="col">Use it for</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">16</th>
          <td>
            <strong>Emergencies only.</strong> Distress, urgency and safety calls. Never use it for chat or radio checks.
          </td>
        </tr>
        <tr>
          <th scope="row">8</th>
          <td>The club channel: the safety boat, race officer and other club boats.</td>
        </tr>
        <tr>
          <th scope="row">77</th>
          <td>The water authority: reservoir staff, the dam and the water-level team.</td>
        </tr>
      </tbody>
    </table>
  );
}
