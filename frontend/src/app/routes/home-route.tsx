// Signed-in home: the six courses with the learner's level in each.
import { Link } from 'react-router-dom';
import { COURSE_INFO, COURSES, MAX_LEVEL } from '../../lib/courses';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShell } from '../shell';

export function HomeRoute() {
  const { profile } = useShell();
  useDocumentTitle('Courses');
  return (
    <div className="home">
      <h1>{profile.name ? `Welcome back, ${profile.name}` : 'Your courses'}</h1>
      <ul className="course-list">
        {COURSES.map((course) => {
          const info = COURSE_INFO[course];
          const level = profile.level[course];
          return (
            <li key={course} className="course-card">
              <Link to={`/${course}`} className="course-link">
                <span className="course-name">{info.name}</span>
                <span className="course-content">{info.content}</span>
                <span className="course-meta">
                  <span className="course-label">{info.label}</span>
                  <span className="course-level">
                    Level {level}
                    <span className="visually-hidden"> of {MAX_LEVEL}</span>
                  </span>
                </span>
                <span className="level-meter" aria-hidden="true">
                  <span style={{ width: `${(level / MAX_LEVEL) * 100}%` }} />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
